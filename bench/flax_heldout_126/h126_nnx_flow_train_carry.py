# label: ok
# flax-error: none
# class: 3 the Trainer splits self.model and self.optimizer before the scan; their state travels in the carry, merged and split again in the body
"""Maximum-likelihood training of a small NNX affine-coupling flow, one epoch per scan.

The Trainer owns the flow and an nnx.Optimizer; train_epoch splits both into a graphdef
and a state, scans over the minibatches with the state in the carry, and writes the final
state back with nnx.update.
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, x):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: -m.log_prob(x).mean())(model)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (6, 32, 4)) * jnp.array([1.0, 3.0, 0.5, 2.0])
    trainer = Trainer(Flow(4, rngs=nnx.Rngs(0)), lr=1e-3)
    losses = trainer.train_epoch(data)
    print("epoch nll", losses.mean())
    return None
