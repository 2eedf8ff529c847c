# label: ok
# flax-error: none
# class: 2 nnx.split((model, optimizer)) state carried through jax.lax.scan; the body merges it, calls train_step and splits back; nnx.update after the loop
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
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, batch)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses.mean(), losses


def main():
    model = MLP(3, 8, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    mean_loss, losses = train_epoch(model, optimizer, xs, ys)
    print("mean loss", float(mean_loss), losses, int(optimizer.step[...]))
    return None
