# label: same-values
# flax-error: none
# class: 4 zoneout LSTM built with deterministic=False: the scan body draws one zoneout mask for every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class ZoneoutLSTM(nn.Module):
    hidden: int = 8
    zoneout: float = 0.5
    deterministic: bool = False

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(self.hidden)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        carry, _ = cell(carry, xs[0])

        def step(carry, x):
            (c, h), out = cell(carry, x)
            if not self.deterministic:
                keep_c = jax.random.bernoulli(self.make_rng("dropout"), self.zoneout, c.shape)
                keep_h = jax.random.bernoulli(self.make_rng("dropout"), self.zoneout, h.shape)
                c = jnp.where(keep_c, carry[0], c)
                h = jnp.where(keep_h, carry[1], h)
            return (c, h), h

        _, hs = jax.lax.scan(step, carry, xs)
        return hs


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        return ZoneoutLSTM(self.hidden, deterministic=False)(nn.Dense(self.hidden)(xs))


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 2, 4))
    model = Encoder()
    rngs = {"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(2)}
    variables = model.init(rngs, xs)
    hs = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(3)})
    return hs[1:] == hs[:-1]  # the units each step kept from the step before
