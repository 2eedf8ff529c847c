# label: ok
# flax-error: none
# class: 5 make_train_step(model) splits the model into params and the rest (dropout RNG state) and returns a step that takes both through the scan carry; the scan body is that step
"""Speech-enhancement denoiser trained with dropout on noisy/clean frame pairs. The training
library builds its step functions with a factory so that the same step can be used by the
single-host loop and by the pod launcher."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class FrameDenoiser(nnx.Module):
    def __init__(self, bins: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(bins, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.mask = nnx.Linear(32, bins, rngs=rngs)

    def __call__(self, noisy):
        h = self.drop(nnx.relu(self.enc(noisy)))
        return noisy * nnx.sigmoid(self.mask(h))


def make_train_step(model: nnx.Module, learning_rate: float):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(m, noisy, clean):
        return jnp.mean((m(noisy) - clean) ** 2)

    def train_step(carry, batch):
        params, rest = carry
        m = nnx.merge(graphdef, params, rest)
        loss, grads = nnx.value_and_grad(loss_fn)(m, *batch)
        nnx.update(m, jax.tree.map(lambda p, g: p - learning_rate * g, nnx.state(m, nnx.Param), grads))
        _, new_params, new_rest = nnx.split(m, nnx.Param, ...)
        return (new_params, new_rest), loss

    return train_step, (params, rest)


def main():
    clean = jax.random.normal(jax.random.key(0), (6, 16, 20))
    noisy = clean + 0.3 * jax.random.normal(jax.random.key(1), clean.shape)
    model = FrameDenoiser(20, rngs=nnx.Rngs(params=0, dropout=1))
    train_step, carry = make_train_step(model, learning_rate=0.05)
    carry, losses = lax.scan(train_step, carry, (noisy, clean))
    nnx.update(model, *carry)
    print("loss per step:", losses)
    return losses
