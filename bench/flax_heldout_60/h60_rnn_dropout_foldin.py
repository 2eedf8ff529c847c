# label: ok
# flax-error: none
# class: 3 Dropout given rng=fold_in(make_rng('dropout'), step) inside a hand-written jax.lax.scan
"""Recurrent dropout with a raw scan; the dropout key is drawn once before the loop and folded
with the step index, passed to Dropout through its `rng` argument. Returns the masks per step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DropLSTM(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        cell = nn.OptimizedLSTMCell(self.hidden)
        drop = nn.Dropout(self.rate, deterministic=not train)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        cell(carry, xs[0])
        base = self.make_rng("dropout") if train else None

        def step(carry, inp):
            i, x = inp
            rng = jax.random.fold_in(base, i) if train else None
            mask = drop(jnp.ones((x.shape[0], self.hidden)), rng=rng)
            (c, h), y = cell(carry, x)
            return (c, h * mask), mask

        _, masks = scan(step, carry, (jnp.arange(xs.shape[0]), xs))
        return masks


def main():
    model = DropLSTM()
    xs = jnp.ones((5, 3, 4))
    variables = model.init(jax.random.key(0), xs, train=False)
    return model.apply(variables, xs, rngs={"dropout": jax.random.key(1)})
