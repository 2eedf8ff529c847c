# label: ok
# flax-error: none
# class: 5 functools.partial binds the score model and a base key into the while_loop body, which folds in the step
"""Annealed Langevin sampling with an NNX score network, one update per while_loop iteration."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, sigma[None]])
        return self.fc2(nnx.softplus(self.fc1(h)))


def langevin_step(model, key, sigmas, carry):
    i, x, trace = carry
    sigma = sigmas[i]
    eps = 0.01 * sigma**2
    noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
    x = x + 0.5 * eps * model(x, sigma) + jnp.sqrt(eps) * noise
    return i + 1, x, trace.at[i].set(noise)


def main():
    dim, n = 3, 6
    model = ScoreNet(dim, nnx.Rngs(0))
    rngs = nnx.Rngs(langevin=1)
    sigmas = jnp.geomspace(1.0, 0.05, n)
    body = functools.partial(langevin_step, model, rngs.langevin(), sigmas)
    init = (0, jnp.zeros((dim,)), jnp.zeros((n, dim)))
    _, x, noises = while_loop(lambda c: c[0] < n, body, init)
    print("sample", x)
    return noises


if __name__ == "__main__":
    main()
