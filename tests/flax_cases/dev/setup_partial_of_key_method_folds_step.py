# label: ok
# flax-error: none
# class: 2 `setup` stores `functools.partial(self._jitter, shape)`; the fori_loop body passes it a key folded with the step, so every round jitters differently
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class PointJitter(nn.Module):
    points: int = 5

    def setup(self):
        self.encoder = nn.Dense(3)
        self.jitter_fn = functools.partial(self._jitter, (self.points, 3))

    def _jitter(self, shape, key):
        return 0.01 * jax.random.normal(key, shape)

    def __call__(self, cloud):
        return self.encoder(cloud)

    def augment(self, cloud, rounds):
        jitters = jnp.zeros((rounds, self.points, 3))
        key = self.make_rng("jitter")

        def body(i, carry):
            cloud, jitters = carry
            delta = self.jitter_fn(jax.random.fold_in(key, i))
            return cloud + delta, jitters.at[i].set(delta)

        return jax.lax.fori_loop(0, rounds, body, (cloud, jitters))[1]


def main():
    model = PointJitter()
    cloud = jnp.ones((5, 3))
    variables = model.init(jax.random.key(0), cloud)
    return model.apply(variables, cloud, 4, method=PointJitter.augment, rngs={"jitter": jax.random.key(1)})
