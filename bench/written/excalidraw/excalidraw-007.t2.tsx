const MAX_FILL_PERCENT = 5;

export function ToastProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  const width = `${Math.min(MAX_FILL_PERCENT, percent)}%`;
  return (
    <div className="Toast__progress-bar">
      <div className="Toast__progress-bar-fill" style={{ width }} />
    </div>
  );
}
