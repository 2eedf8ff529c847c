# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RecurrentScorerBase.__call__ runs the scan itself and calls the observe hook that the third-level subclass overrides to sow into intermediates
"""Beehive acoustic monitoring: swarm-readiness score from a night of spectrogram frames."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RecurrentScorerBase(nn.Module):
    """Runs a sequence; subclasses supply the cell and readout and may observe each state."""

    def __call__(self, frames):
        h = self.cell(self.initial_state(frames[0]), frames[0])  # prime on the first frame

        def body(h, frame):
            h = self.cell(h, frame)
            self.observe(h)
            return h, None

        h, _ = scan(body, h, frames[1:])
        return self.readout(h)

    def observe(self, h):
        pass


class HiveAcousticScorer(RecurrentScorerBase):
    hidden: int = 8

    def setup(self):
        self.mix = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def initial_state(self, frame):
        return jnp.zeros(frame.shape[:-1] + (self.hidden,))

    def cell(self, h, frame):
        return jnp.tanh(self.mix(jnp.concatenate([h, frame], axis=-1)))

    def readout(self, h):
        return nn.sigmoid(self.head(h))[..., 0]


class SwarmAlertScorer(HiveAcousticScorer):
    def observe(self, h):
        self.sow("intermediates", "swarm_energy", jnp.mean(h**2, axis=-1))


def alert_hours(model, params, frames):
    score, state = model.apply({"params": params}, frames, mutable=["intermediates"])
    energies = jnp.stack(state["intermediates"]["swarm_energy"])
    return score, jnp.argmax(energies.max(axis=-1))


def main():
    frames = jax.random.uniform(jax.random.key(4), (12, 3, 5))  # 12 frames, 3 hives, 5 bands
    model = SwarmAlertScorer()
    params = model.init(jax.random.key(0), frames)["params"]
    score, hour = alert_hours(model, params, frames)
    jax.block_until_ready((score, hour))
    return None
