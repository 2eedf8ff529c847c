# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointResBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_train_step(model, batch_stats, tx) returns a step function closing over batch_stats; the remat'd BN blocks run in the scan body without mutable=
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


def make_train_step(model, batch_stats, tx):
    def loss_fn(params, x, y):
        pred = model.apply({'params': params, 'batch_stats': batch_stats}, x, True)
        return jnp.mean((pred - y) ** 2)

    def train_step(carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    return train_step


def main():
    model = ResMLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 32, 5))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], False)
    tx = optax.adamw(1e-3)
    params = variables['params']
    step = make_train_step(model, variables['batch_stats'], tx)
    (params, _), losses = jax.lax.scan(step, (params, tx.init(params)), (xs, ys))
    print(losses)
    return None
