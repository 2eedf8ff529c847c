# label: ok
# flax-error: none
# class: 1 a spectral-norm estimator module is carried through nnx.while_loop; the inline body updates its u/sigma Variables
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SpectralEstimate(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.layer = nnx.Linear(7, 7, rngs=rngs)
        self.u = nnx.BatchStat(jnp.ones(7) / jnp.sqrt(7.0))
        self.sigma = nnx.BatchStat(jnp.zeros(()))

    def power_step(self):
        w = self.layer.kernel.value
        v = w @ self.u.value
        v = v / jnp.linalg.norm(v)
        u = w.T @ v
        self.sigma.value = jnp.linalg.norm(u)
        self.u.value = u / self.sigma.value


def main():
    est = SpectralEstimate(nnx.Rngs(4))

    def cond(carry):
        it, _, prev = carry
        return (it < 100) & (jnp.abs(est_sigma(carry) - prev) > 1e-6)

    def est_sigma(carry):
        return carry[1].sigma.value

    def body(carry):
        it, m, _ = carry
        prev = m.sigma.value
        m.power_step()
        return it + 1, m, prev

    nnx.while_loop(cond, body, (0, est, jnp.array(-1.0)))
    print(est.sigma.value)
    return None
