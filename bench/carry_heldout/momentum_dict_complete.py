# label: ok
# jax-error: none
# class: 3 momentum optimiser dict carry returned with the same keys, built with dict(opt, ...)
import jax
import jax.numpy as jnp
from jax import lax


def quad(w):
    return jnp.sum(w ** 2)


def main():
    def step(opt, _):
        g = jax.grad(quad)(opt["params"])
        v = 0.9 * opt["velocity"] + g
        return dict(opt, params=opt["params"] - 0.01 * v, velocity=v), quad(opt["params"])

    opt, losses = lax.scan(step, {"params": jnp.ones(3), "velocity": jnp.zeros(3)}, None, length=5)
    return losses
