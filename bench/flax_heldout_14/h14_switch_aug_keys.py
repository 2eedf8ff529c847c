# label: ok
# flax-error: none
# class: 3 lax.switch branches (helper methods) inside the raw scan body take per-step keys split outside and passed as xs
import jax
import jax.numpy as jnp
import flax.linen as nn


class Augmenter(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.dim)(x)

    def _jitter(self, x, k):
        return x + 0.1 * jax.random.normal(k, x.shape)

    def _dropout(self, x, k):
        return jnp.where(jax.random.bernoulli(k, 0.8, x.shape), x, 0.0)

    def _identity(self, x, k):
        return x

    def augment_many(self, x, n_views):
        keys = jax.random.split(self.make_rng("augment"), n_views)
        branches = [self._jitter, self._dropout, self._identity]

        def body(carry, k):
            which = jax.random.randint(k, (), 0, 3)
            view = jax.lax.switch(which, branches, x, jax.random.fold_in(k, 1))
            return carry, view

        _, views = jax.lax.scan(body, None, keys)
        return views


def main():
    model = Augmenter()
    x = jnp.ones(4)
    variables = model.init(jax.random.PRNGKey(0), x)
    views = model.apply(variables, x, 5, method=Augmenter.augment_many,
                        rngs={"augment": jax.random.PRNGKey(11)})
    return views
