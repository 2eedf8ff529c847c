# label: ok
# flax-error: none
# class: 4 FlowMonitor.hooks -> ErrorTracker.metric (nnx.metrics.Average) and RollingBaseline.mean (a Variable subclass) are fed the per-window errors the scan returns as ys
"""Network-flow anomaly detector for an ISP edge: autoencoder reconstruction error per window, with
rolling statistics kept by monitoring hooks for the alerting service."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class RollingMoment(nnx.Variable):
    """Exponentially weighted statistic, kept apart from trainable params."""


class FlowAutoencoder(nnx.Module):
    def __init__(self, features: int, latent: int, rngs: nnx.Rngs):
        self.down = nnx.Linear(features, latent, rngs=rngs)
        self.up = nnx.Linear(latent, features, rngs=rngs)

    def __call__(self, flows):
        return self.up(nnx.tanh(self.down(flows)))


class ErrorTracker:
    def __init__(self):
        self.metric = nnx.metrics.Average()

    def on_window(self, error):
        self.metric.update(values=error)


class RollingBaseline(nnx.Module):
    def __init__(self, decay: float = 0.9):
        self.decay = decay
        self.mean = RollingMoment(jnp.zeros(()))
        self.sq = RollingMoment(jnp.zeros(()))

    def on_window(self, error):
        self.mean[...] = self.decay * self.mean[...] + (1 - self.decay) * error
        self.sq[...] = self.decay * self.sq[...] + (1 - self.decay) * error ** 2


class FlowMonitor:
    def __init__(self, model: FlowAutoencoder, hooks):
        self.model = model
        self.hooks = hooks

    def run(self, windows):
        def body(count, flows):
            error = jnp.mean((self.model(flows) - flows) ** 2)
            return count + 1, error

        _, errors = scan(body, 0, windows)
        for error in errors:
            for hook in self.hooks:
                hook.on_window(error)
        return errors


def main():
    windows = jax.random.normal(jax.random.key(6), (10, 16, 12))
    tracker, baseline = ErrorTracker(), RollingBaseline()
    monitor = FlowMonitor(FlowAutoencoder(12, 4, nnx.Rngs(0)), hooks=[tracker, baseline])
    monitor.run(windows)
    tracker.metric.compute()
    return None
