# label: trace-context
# flax-error: TraceContextError: Cannot mutate WindDrift from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an OrganTuner's scan body calls self.rank, whose hooks tuple of functions receives the module and writes its WindDrift / PeakDeviation variables
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WindDrift(nnx.Variable):
    pass


class PeakDeviation(nnx.Variable):
    pass


def track_drift(rank, cents):
    rank.drift[...] = 0.9 * rank.drift[...] + 0.1 * cents.mean()


def track_peak(rank, cents):
    rank.peak[...] = jnp.maximum(rank.peak[...], jnp.abs(cents).max())


class RankVoicing(nnx.Module):
    """Predicts how far each pipe of a rank sounds from pitch, in cents."""

    def __init__(self, stops: int, hooks: tuple, rngs: nnx.Rngs):
        self.voicing = nnx.Linear(stops, stops, rngs=rngs)
        self.drift = WindDrift(jnp.zeros(()))
        self.peak = PeakDeviation(jnp.zeros(()))
        self.hooks = hooks

    def __call__(self, pipe):
        cents = 5.0 * jnp.tanh(self.voicing(pipe))
        for hook in self.hooks:
            hook(self, cents)
        return cents


class OrganTuner:
    def __init__(self, rank: RankVoicing):
        self.rank = rank

    def sweep(self, pipes):
        def pipe_step(worst, pipe):
            cents = self.rank(pipe)
            return jnp.maximum(worst, jnp.abs(cents).max()), None

        worst, _ = lax.scan(pipe_step, jnp.zeros(()), pipes)
        return worst


def main():
    rank = RankVoicing(stops=5, hooks=(track_drift, track_peak), rngs=nnx.Rngs(2))
    tuner = OrganTuner(rank)
    pipes = jnp.linspace(-1.0, 1.0, 16 * 5).reshape(16, 5)
    tuner.sweep(pipes)
    jax.block_until_ready((rank.drift[...], rank.peak[...]))
    return None
