# label: same-values
# flax-error: none
# class: 2 the function running the scan is given a model whose Dropout holds its own streams; the body calls `nnx.clone(model)` and runs the clone
import jax
import jax.numpy as jnp
from flax import nnx

class DenoisingAE(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.corrupt = nnx.Dropout(0.4, rngs=rngs)
        self.enc = nnx.Linear(6, 3, rngs=rngs)

    def __call__(self, x):
        return self.enc(self.corrupt(x))

def encode_frames(model, frames):
    def body(carry, frame):
        m = nnx.clone(model)
        return carry, m(frame)
    return jax.lax.scan(body, 0.0, frames)

def main():
    return encode_frames(DenoisingAE(rngs=nnx.Rngs(params=0, dropout=1)), jnp.ones((4, 6)))
