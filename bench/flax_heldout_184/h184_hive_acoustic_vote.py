# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HiveVoteEnsemble.__call__ owns the members and runs the scan; the body records each frame's ballots with self.sow("intermediates", ...)
"""Beehive acoustic monitor: three small classifiers listen to spectrogram frames and
vote on the colony state (calm, swarming, queenless); the ballots are kept for audit."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STATES = 3


class Listener(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, frame):
        return nn.Dense(STATES)(nn.relu(nn.Dense(self.hidden)(frame)))


class HiveVoteEnsemble(nn.Module):
    sizes: tuple = (8, 12, 16)

    def setup(self):
        self.members = [Listener(size) for size in self.sizes]

    def ballots(self, frame):
        return jnp.stack([jnp.argmax(member(frame)) for member in self.members])

    def __call__(self, frames):
        opening = self.ballots(frames[0])

        def listen(tally, frame):
            ballots = self.ballots(frame)
            self.sow("intermediates", "ballots", ballots)
            winner = jnp.argmax(jnp.bincount(ballots, length=STATES))
            return tally.at[winner].add(1), winner

        tally, winners = jax.lax.scan(listen, jnp.bincount(opening, length=STATES), frames[1:])
        return tally


def main():
    model = HiveVoteEnsemble()
    frames = jax.random.normal(jax.random.key(0), (10, 20))
    variables = model.init(jax.random.key(1), frames)
    tally, audit = model.apply({"params": variables["params"]}, frames, mutable=["intermediates"])
    jax.tree_util.tree_map(lambda b: jnp.asarray(b).sum(), audit)
    return None
