# label: ok
# flax-error: none
# class: 2 the NNX enhancer, a local of main(), is closed over by the raw scan body; dropout keys are split before the loop and each step's key is passed to the call
"""Speech enhancement with NNX: a recurrent mask estimator stepped over STFT frames with a raw
jax.lax.scan, dropout on the recurrent state during training.

Twin of h114_nnx_speech_dropout.py: the dropout keys are split outside the scan and fed in as xs,
so the call gets its own Rngs and the module's Rngs is never advanced inside the body."""
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
    keys = jax.random.split(jax.random.key(3), N_FRAMES)

    def body(h, inputs):
        frame, key = inputs
        return model(h, frame, rngs=nnx.Rngs(dropout=key))

    _, (masks, kept) = jax.lax.scan(body, jnp.zeros(HIDDEN), (noisy, keys))
    print("enhanced energy", float(jnp.sum((masks * noisy) ** 2)))
    return kept  # which hidden units survived dropout, per frame
