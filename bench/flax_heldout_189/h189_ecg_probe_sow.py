# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the beat encoder's own method runs the scan over heartbeats and sows each beat's hidden state into "intermediates" from inside the body
"""ECG rhythm classifier with an activation probe: the monitoring job reads the sown hidden
states to flag saturated units before a model is promoted."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

BEAT_LEN = 40
HIDDEN = 20
RHYTHMS = 4


class BeatEncoder(nn.Module):
    hidden: int = HIDDEN
    rhythms: int = RHYTHMS

    @nn.compact
    def __call__(self, beats):
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (BEAT_LEN, self.hidden))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        bias = self.param("bias", nn.initializers.zeros, (self.hidden,))

        def beat_step(h, beat):
            h = jnp.tanh(beat @ w_in + h @ w_rec + bias)
            self.sow("intermediates", "beat_hidden", h)
            return h, None

        h_last, _ = scan(beat_step, jnp.zeros((self.hidden,)), beats)
        return nn.Dense(self.rhythms, name="rhythm_head")(h_last)


class ActivationProbe:
    def __init__(self, limit=0.97):
        self.limit = limit

    def saturation(self, intermediates):
        hidden = intermediates["beat_hidden"]
        stacked = jnp.stack(hidden) if isinstance(hidden, tuple) else hidden
        return float(jnp.mean(jnp.abs(stacked) > self.limit))


def main():
    model = BeatEncoder()
    beats = jax.random.normal(jax.random.PRNGKey(0), (10, BEAT_LEN))
    params = model.init(jax.random.PRNGKey(1), beats)["params"]
    logits, state = model.apply({"params": params}, beats, mutable=["intermediates"])
    ActivationProbe().saturation(state["intermediates"])
    return None
