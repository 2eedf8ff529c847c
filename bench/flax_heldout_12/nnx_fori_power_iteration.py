# label: ok
# flax-error: none
# class: 1 nnx.fori_loop carries a spectral-norm module whose power-iteration vector Variable is updated in the body
import jax
import jax.numpy as jnp
from flax import nnx


class SpectralEstimator(nnx.Module):
    def __init__(self, d, rngs):
        self.layer = nnx.Linear(d, d, rngs=rngs)
        self.u = nnx.BatchStat(jnp.ones((d,)) / jnp.sqrt(d))

    def iterate(self):
        w = self.layer.kernel.value
        v = w @ self.u.value
        v = v / jnp.linalg.norm(v)
        u = w.T @ v
        self.u.value = u / jnp.linalg.norm(u)


def main():
    est = SpectralEstimator(6, nnx.Rngs(0))

    def run(i, est):
        est.iterate()
        return est

    est = nnx.fori_loop(0, 10, run, est)

    sigma = jnp.linalg.norm(est.layer.kernel.value.T @ est.u.value)
    jax.block_until_ready(sigma)
    return None
