# label: ok
# flax-error: none
# class: 3 nnx model and nnx.Optimizer themselves passed as while_loop carry (NNX objects are pytrees) and returned from the body
"""Optimizer update inside lax.while_loop, with the model and optimizer in
the loop state instead of captured from the enclosing function."""
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
        step, _, _, loss = state
        return (step < 50) & (loss > 1e-2)

    def body(state):
        step, model, optimizer, _ = state
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return step + 1, model, optimizer, loss

    step, model, optimizer, loss = lax.while_loop(cond, body, (0, model, optimizer, jnp.inf))
    loss.block_until_ready()
    return None
