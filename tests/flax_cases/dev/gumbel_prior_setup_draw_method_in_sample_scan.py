# label: same-values
# flax-error: none
# class: 4 the scan of a sampling method calls `self.prior.draw()`, a method of a setup submodule whose own setup Gumbel submodule draws with `make_rng`
import jax
import jax.numpy as jnp
import flax.linen as nn


class Gumbel(nn.Module):
    @nn.compact
    def __call__(self, logits):
        u = jax.random.uniform(self.make_rng("gumbel"), logits.shape, minval=1e-6, maxval=1.0)
        return jax.nn.softmax(logits - jnp.log(-jnp.log(u)))


class Prior(nn.Module):
    def setup(self):
        self.logits = self.param("logits", nn.initializers.normal(1.0), (4, 8))
        self.quantizer = Gumbel()

    def draw(self):
        return self.quantizer(self.logits)

    def mode(self):
        return jax.nn.one_hot(jnp.argmax(self.logits, -1), 8)


class Model(nn.Module):
    def setup(self):
        self.prior = Prior()

    def __call__(self):
        return self.prior.draw()

    def sample(self, n: int):
        return jax.lax.scan(lambda c, _: (c, self.prior.draw()), None, None, length=n)[1]


def main():
    model = Model()
    variables = model.init({"params": jax.random.key(0), "gumbel": jax.random.key(1)})
    return model.apply(variables, 5, method=Model.sample, rngs={"gumbel": jax.random.key(2)})
