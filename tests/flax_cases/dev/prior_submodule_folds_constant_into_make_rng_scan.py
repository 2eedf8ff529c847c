# label: same-values
# flax-error: none
# class: 3 the scan body passes a constant to the prior submodule's draw(), which folds it into make_rng('prior')
import jax
import jax.numpy as jnp
import flax.linen as nn


class GaussianPrior(nn.Module):
    dim: int = 3

    def draw(self, batch, step):
        key = jax.random.fold_in(self.make_rng("prior"), step)
        return jax.random.normal(key, (batch, self.dim))


class Decoder(nn.Module):
    def setup(self):
        self.prior = GaussianPrior()
        self.out = nn.Dense(3)

    def __call__(self, z):
        return self.out(z)

    def dream(self, steps: int, batch: int):
        def body(carry, step):
            return carry, self.out(self.prior.draw(batch, 0))
        return jax.lax.scan(body, None, jnp.arange(steps))[1]


def main():
    model = Decoder()
    variables = model.init(jax.random.key(0), jnp.ones((2, 3)))
    return model.apply(variables, 4, 2, method=Decoder.dream, rngs={"prior": jax.random.key(1)})
