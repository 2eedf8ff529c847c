# label: ok
# flax-error: none
# class: 1 split outside; the inline scan body merges the carried params into a fresh learner, takes nnx.grad of it, returns new params
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import jax.lax as lax


class TaskNet(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(2, 20, rngs=rngs)
        self.out = nnx.Linear(20, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(jnp.tanh(self.hidden(x)))


def main():
    net = TaskNet(nnx.Rngs(2))
    graphdef, params = nnx.split(net, nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (4, 16, 2))
    ys = xs.sum(-1, keepdims=True)

    def inner(params, batch):
        bx, by = batch
        model = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(bx) - by) ** 2))(model)
        new = jax.tree.map(lambda p, g: p - 0.05 * g, params, nnx.state(grads, nnx.Param))
        return new, loss

    params, losses = lax.scan(inner, params, (xs, ys))
    nnx.update(net, params)
    print(losses)
    return None
