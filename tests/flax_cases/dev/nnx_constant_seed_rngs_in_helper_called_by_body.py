# label: same-values
# flax-error: none
# class: 3 the scan body calls a helper that builds `nnx.Rngs(sample=0)` from a constant seed and draws from it
import jax
from flax import nnx

def sample_latent(shape, seed=0):
    rngs = nnx.Rngs(sample=seed)
    return jax.random.normal(rngs.sample(), shape)

def main():
    def body(carry, _):
        z = sample_latent((4,))
        return carry, z
    return jax.lax.scan(body, None, None, length=5)
