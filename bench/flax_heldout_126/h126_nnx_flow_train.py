# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the scan body differentiates self.model and calls self.optimizer.update on the Trainer's attributes
"""Maximum-likelihood training of a small NNX affine-coupling flow, one epoch per scan.

The Trainer owns the flow and an nnx.Optimizer; train_epoch scans over the minibatches,
taking a gradient step on each.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class AffineCoupling(nnx.Module):
    def __init__(self, dim, hidden, flip, rngs: nnx.Rngs):
        self.flip = flip
        self.net = nnx.Sequential(
            nnx.Linear(dim // 2, hidden, rngs=rngs), nnx.tanh, nnx.Linear(hidden, dim, rngs=rngs)
        )

    def __call__(self, x):
        x1, x2 = jnp.split(x[..., ::-1] if self.flip else x, 2, axis=-1)
        shift, log_scale = jnp.split(self.net(x1), 2, axis=-1)
        log_scale = jnp.tanh(log_scale)
        return jnp.concatenate([x1, x2 * jnp.exp(log_scale) + shift], -1), log_scale.sum(-1)


class Flow(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.layers = nnx.List([AffineCoupling(dim, 32, i % 2 == 1, rngs) for i in range(4)])

    def log_prob(self, x):
        logdet = jnp.zeros(x.shape[:-1])
        for layer in self.layers:
            x, ld = layer(x)
            logdet = logdet + ld
        return -0.5 * jnp.sum(x**2, -1) - 0.5 * x.shape[-1] * jnp.log(2 * jnp.pi) + logdet


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_epoch(self, batches):
        def body(carry, x):
            loss, grads = nnx.value_and_grad(lambda m: -m.log_prob(x).mean())(self.model)
            self.optimizer.update(self.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, batches)
        return losses


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (6, 32, 4)) * jnp.array([1.0, 3.0, 0.5, 2.0])
    trainer = Trainer(Flow(4, rngs=nnx.Rngs(0)), lr=1e-3)
    losses = trainer.train_epoch(data)
    print("epoch nll", losses.mean())
    return None
