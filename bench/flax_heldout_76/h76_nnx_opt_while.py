# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 1 nnx model and nnx.Optimizer closed over by the while_loop body; nnx.grad and optimizer.update run on them inside it
"""Optimizer update inside lax.while_loop: keep taking steps until the loss
drops below a threshold."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    def cond(state):
        step, loss = state
        return (step < 50) & (loss > 1e-2)

    def body(state):
        step, _ = state
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return step + 1, loss

    step, loss = lax.while_loop(cond, body, (0, jnp.inf))
    loss.block_until_ready()
    return None
