# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the NNX enhancer, a local of main(), is closed over by the raw scan body; its Dropout draws from the module's own Rngs at every frame
"""Speech enhancement with NNX: a recurrent mask estimator stepped over STFT frames with a raw
jax.lax.scan, dropout on the recurrent state during training. The body simply closes over the
model, as one would with a plain Python loop.

Modelled on "TraceContextError: Cannot mutate RngCount from a different trace level" reports
where an NNX module with Dropout is used inside jax.lax.scan instead of nnx.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_FREQ = 16
HIDDEN = 32
N_FRAMES = 6


class Enhancer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(N_FREQ, HIDDEN, rngs=rngs)
        self.rec = nnx.Linear(HIDDEN, HIDDEN, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, N_FREQ, rngs=rngs)

    def __call__(self, h, frame, rngs=None):
        h = jnp.tanh(self.inp(frame) + self.rec(h))
        h_drop = self.drop(h, rngs=rngs)
        return h, (nnx.sigmoid(self.out(h_drop)), h_drop != 0)


def main():
    model = Enhancer(nnx.Rngs(params=0, dropout=1))
    noisy = jnp.abs(jax.random.normal(jax.random.key(2), (N_FRAMES, N_FREQ)))

    def body(h, frame):
        return model(h, frame)

    _, (masks, kept) = jax.lax.scan(body, jnp.zeros(HIDDEN), noisy)
    print("enhanced energy", float(jnp.sum((masks * noisy) ** 2)))
    return kept  # which hidden units survived dropout, per frame
