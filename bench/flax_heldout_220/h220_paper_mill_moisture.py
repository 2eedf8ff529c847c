# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 MoistureTrainer -> StatsSession.bound (model.bind with mutable batch_stats) called in the fori_loop body
"""Online recalibration of a paper machine's dryer-section moisture sensor model."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MoistureNet(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, profile, train: bool = False):
        h = nn.Dense(self.width)(profile)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class StatsSession:
    """Keeps a bound copy of the model so callers can run it without threading variables."""

    def __init__(self, model, variables):
        self.variables = variables
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def running_mean(self):
        return self.bound.variables["batch_stats"]["BatchNorm_0"]["mean"]


class MoistureTrainer:
    def __init__(self, session: StatsSession, reels: jnp.ndarray):
        self.session = session
        self.reels = reels

    def recalibrate(self):
        def reel_step(i, total):
            profile = self.reels[i]
            return total + self.session.bound(profile, train=True).mean()

        total = lax.fori_loop(0, self.reels.shape[0], reel_step, jnp.zeros(()))
        drift = jnp.linalg.norm(self.session.running_mean())
        return total / self.reels.shape[0], drift


def main():
    reels = jax.random.uniform(jax.random.key(3), (12, 32, 6))
    model = MoistureNet()
    variables = model.init(jax.random.key(0), reels[0], train=False)
    trainer = MoistureTrainer(StatsSession(model, variables), reels)
    mean_moisture, drift = trainer.recalibrate()
    print(f"mean moisture {float(mean_moisture):.3f}, stats drift {float(drift):.3f}")
    return None
