# label: ok
# flax-error: none
# class: 4 an OrganTuner's scan body calls self.rank, whose hooks tuple of functions receives the module and only returns values; they leave the loop as ys and are written to the WindDrift / PeakDeviation variables afterwards
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WindDrift(nnx.Variable):
    pass


class PeakDeviation(nnx.Variable):
    pass


def track_drift(rank, cents):
    return cents.mean()


def track_peak(rank, cents):
    return jnp.abs(cents).max()


class RankVoicing(nnx.Module):
    """Predicts how far each pipe of a rank sounds from pitch, in cents."""

    def __init__(self, stops: int, hooks: tuple, rngs: nnx.Rngs):
        self.voicing = nnx.Linear(stops, stops, rngs=rngs)
        self.drift = WindDrift(jnp.zeros(()))
        self.peak = PeakDeviation(jnp.zeros(()))
        self.hooks = hooks

    def __call__(self, pipe):
        cents = 5.0 * jnp.tanh(self.voicing(pipe))
        return cents, tuple(hook(self, cents) for hook in self.hooks)

    def commit(self, means, peaks):
        for m in means:
            self.drift[...] = 0.9 * self.drift[...] + 0.1 * m
        self.peak[...] = jnp.maximum(self.peak[...], peaks.max())


class OrganTuner:
    def __init__(self, rank: RankVoicing):
        self.rank = rank

    def sweep(self, pipes):
        def pipe_step(worst, pipe):
            cents, recorded = self.rank(pipe)
            return jnp.maximum(worst, jnp.abs(cents).max()), recorded

        worst, (means, peaks) = lax.scan(pipe_step, jnp.zeros(()), pipes)
        self.rank.commit(means, peaks)
        return worst


def main():
    rank = RankVoicing(stops=5, hooks=(track_drift, track_peak), rngs=nnx.Rngs(2))
    tuner = OrganTuner(rank)
    pipes = jnp.linspace(-1.0, 1.0, 16 * 5).reshape(16, 5)
    tuner.sweep(pipes)
    jax.block_until_ready((rank.drift[...], rank.peak[...]))
    return None
