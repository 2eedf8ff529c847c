# label: ok
# flax-error: none
# class: 4 MoistureTrainer -> StatsSession (model, params); batch_stats carried through the fori_loop and applied functionally
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
    """Keeps the model and its variables so callers can run it functionally."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, batch_stats, profile):
        out, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            profile, train=True, mutable=["batch_stats"])
        return out, updates["batch_stats"]

    def running_mean(self):
        return self.variables["batch_stats"]["BatchNorm_0"]["mean"]


class MoistureTrainer:
    def __init__(self, session: StatsSession, reels: jnp.ndarray):
        self.session = session
        self.reels = reels

    def recalibrate(self):
        def reel_step(i, carry):
            total, stats = carry
            out, stats = self.session.run(stats, self.reels[i])
            return total + out.mean(), stats

        init = (jnp.zeros(()), self.session.variables["batch_stats"])
        total, stats = lax.fori_loop(0, self.reels.shape[0], reel_step, init)
        self.session.variables = {**self.session.variables, "batch_stats": stats}
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
