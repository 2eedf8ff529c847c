# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 2 the jax.lax.scan body over batches calls train_step(model, optimizer, batch), which runs nnx.value_and_grad and optimizer.update on the outer objects
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, batch):
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def train_epoch(model, optimizer, xs, ys):
    def body(carry, batch):
        loss = train_step(model, optimizer, batch)
        return carry + loss, loss

    total, losses = jax.lax.scan(body, 0.0, (xs, ys))
    return total / xs.shape[0], losses


def main():
    model = MLP(3, 8, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    mean_loss, losses = train_epoch(model, optimizer, xs, ys)
    print("mean loss", float(mean_loss), losses)
    return None
