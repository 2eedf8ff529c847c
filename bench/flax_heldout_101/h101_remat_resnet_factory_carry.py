# label: ok
# flax-error: none
# class: 5 the step function from make_train_step(model, tx) takes batch_stats from the scan carry and applies the remat'd BN blocks with mutable=['batch_stats']
"""Memory-saving ResNet-ish MLP (nn.remat blocks) trained with a scanned step from a factory."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class ResBlock(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.dim)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + nn.relu(h)


class ResMLP(nn.Module):
    dim: int = 16
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.dim)(x)
        Block = nn.remat(ResBlock, static_argnums=(2,))
        for _ in range(self.depth):
            x = Block(self.dim)(x, train)
        return nn.Dense(1)(x)


def make_train_step(model, tx):
    def loss_fn(params, batch_stats, x, y):
        pred, mutated = model.apply({'params': params, 'batch_stats': batch_stats}, x, True,
                                    mutable=['batch_stats'])
        return jnp.mean((pred - y) ** 2), mutated['batch_stats']

    def train_step(carry, batch):
        params, batch_stats, opt_state = carry
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    return train_step


def main():
    model = ResMLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 32, 5))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], False)
    tx = optax.adamw(1e-3)
    params = variables['params']
    step = make_train_step(model, tx)
    carry = (params, variables['batch_stats'], tx.init(params))
    (params, batch_stats, _), losses = jax.lax.scan(step, carry, (xs, ys))
    print(losses)
    return None
