# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got RngCount( # 1 (4 B)
# class: 5 the model and optimizer are bound into train_step by the make_train_step factory; the scan body takes nnx.value_and_grad of the model and updates the optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class DropPath(nnx.Module):
    def __init__(self, rate: float, *, rngs: nnx.Rngs):
        self.rate = rate
        self.deterministic = False
        self.rngs = rngs

    def __call__(self, x):
        if self.deterministic or self.rate == 0.0:
            return x
        keep = jax.random.bernoulli(self.rngs.droppath(), 1.0 - self.rate, (x.shape[0], 1))
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


class ResidualBlock(nnx.Module):
    def __init__(self, dim, drop_rate, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.fc = nnx.Linear(dim, dim, rngs=rngs)
        self.drop_path = DropPath(drop_rate, rngs=rngs)

    def __call__(self, x):
        return x + self.drop_path(nnx.gelu(self.fc(self.norm(x))))


class DeepRegressor(nnx.Module):
    def __init__(self, dim=6, depth=3, max_drop=0.3, *, rngs: nnx.Rngs):
        self.blocks = nnx.List(
            [ResidualBlock(dim, max_drop * (i + 1) / depth, rngs=rngs) for i in range(depth)]
        )
        self.head = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)[..., 0]


def loss_fn(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


def make_train_step(model, optimizer):
    def train_step(total, batch):
        loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
        optimizer.update(model, grads)
        return total + loss, loss

    return train_step


def main():
    model = DeepRegressor(rngs=nnx.Rngs(params=0, droppath=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(2), (4, 8, 6))
    ys = jnp.sin(xs.sum(-1))
    train_step = make_train_step(model, optimizer)
    total, losses = lax.scan(train_step, 0.0, (xs, ys))
    jax.block_until_ready((total, losses))
    return None
