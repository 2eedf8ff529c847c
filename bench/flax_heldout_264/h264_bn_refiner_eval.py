# label: ok
# flax-error: none
# class: 4 the while_loop body in Refiner.__call__ calls `self.block`, whose BatchNorm `self.norm` only reads its running statistics (train=False)
"""Iterative latent refinement for a VAE decoder: residual blocks until the update is small."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

LATENT = 4


class ResBlock(nn.Module):
    features: int = LATENT

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.norm = nn.BatchNorm(momentum=0.9)

    def __call__(self, z, train: bool):
        h = self.norm(self.dense(z), use_running_average=not train)
        return z + 0.1 * jnp.tanh(h)


class Refiner(nn.Module):
    max_iters: int = 5
    tol: float = 1e-3

    def setup(self):
        self.block = ResBlock()

    def warmup(self, z):
        return self.block(z, train=False)

    def __call__(self, z, train: bool = False):
        def cond(state):
            i, z_prev, z_cur = state
            return (i < self.max_iters) & (jnp.max(jnp.abs(z_cur - z_prev)) > self.tol)

        def body(state):
            i, _, z_cur = state
            return i + 1, z_cur, self.block(z_cur, train)

        _, _, z_final = while_loop(cond, body, (0, z - 1.0, z))
        return z_final


def refine_for_decoding(refiner, variables, z):
    return refiner.apply(variables, z, train=False)


def main():
    z = jnp.linspace(-1.0, 1.0, 3 * LATENT).reshape(3, LATENT)
    refiner = Refiner()
    variables = refiner.init(jax.random.key(0), z, method=Refiner.warmup)
    refined = refine_for_decoding(refiner, variables, z)
    jax.block_until_ready(refined)
    return None
