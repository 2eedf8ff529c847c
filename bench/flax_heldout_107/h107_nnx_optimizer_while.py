# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the while_loop body takes nnx.value_and_grad of self.model and calls self.optimizer.update on attributes of the Trainer object
"""Fit a small regression model until the loss drops below a tolerance, with a raw
lax.while_loop. The Trainer object holds the NNX model and nnx.Optimizer and the loop
body runs nnx.value_and_grad and optimizer.update on them directly (the 'nnx.Optimizer
inside jax.lax.while_loop' question)."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, x, y, tol=1e-2, max_steps=50):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        def cond(state):
            step, loss = state
            return (loss > tol) & (step < max_steps)

        def body(state):
            step, _ = state
            loss, grads = nnx.value_and_grad(loss_fn)(self.model)
            self.optimizer.update(self.model, grads)
            return step + 1, loss

        return jax.lax.while_loop(cond, body, (0, jnp.inf))


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    trainer = Trainer(Regressor(nnx.Rngs(0)))
    steps, loss = trainer.fit(x, y)
    print(int(steps), float(loss))
    return None
