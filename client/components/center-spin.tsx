import { Spin } from '@arco-design/web-react';

export function CenterSpin() {
  return (
    <div className="center-spin">
      <Spin size={32} />
    </div>
  );
}
