# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx.MultiMetric local to evaluate() is updated in the while_loop body
"""Frame-by-frame speech-enhancement evaluation (recurrent mask estimator, per-frame MSE and SNR)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FrameDenoiser(nnx.Module):
    def __init__(self, n_bins, hidden, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cell = nnx.GRUCell(n_bins, hidden, rngs=rngs)
        self.mask = nnx.Linear(hidden, n_bins, rngs=rngs)

    def __call__(self, h, frame):
        h, _ = self.cell(h, jnp.log1p(frame))
        return h, nnx.sigmoid(self.mask(h)) * frame


def frame_snr(est, ref):
    return 10.0 * jnp.log10(jnp.sum(ref**2) / (jnp.sum((est - ref) ** 2) + 1e-8))


def evaluate(model: FrameDenoiser, noisy, clean):
    metrics = nnx.MultiMetric(mse=nnx.metrics.Average("mse"), snr=nnx.metrics.Average("snr"))
    n_frames = noisy.shape[0]

    def cond(carry):
        return carry[0] < n_frames

    def body(carry):
        t, h = carry
        h, est = model(h, noisy[t])
        metrics.update(mse=jnp.mean((est - clean[t]) ** 2), snr=frame_snr(est, clean[t]))
        return t + 1, h

    jax.lax.while_loop(cond, body, (0, jnp.zeros((model.hidden,))))
    return metrics.compute()


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    clean = jnp.abs(jax.random.normal(k1, (16, 33)))
    noisy = clean + 0.3 * jnp.abs(jax.random.normal(k2, (16, 33)))
    model = FrameDenoiser(33, 24, rngs=nnx.Rngs(0))
    evaluate(model, noisy, clean)
    return None
