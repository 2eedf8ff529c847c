# label: ok
# flax-error: none
# class: 3 self.model and self.optimizer of the Trainer are split before the while_loop; their state is carried and merged in the body
"""Fit until tolerance, twin of h107_nnx_optimizer_while: the trainer splits (model,
optimizer) once, carries their state through the raw while_loop, merges it in the body
and writes it back with nnx.update after the loop."""
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        def cond(carry):
            step, loss, _ = carry
            return (loss > tol) & (step < max_steps)

        def body(carry):
            step, _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            return step + 1, loss, nnx.state((model, optimizer))

        steps, loss, state = jax.lax.while_loop(cond, body, (0, jnp.inf, state))
        nnx.update((self.model, self.optimizer), state)
        return steps, loss


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    trainer = Trainer(Regressor(nnx.Rngs(0)))
    steps, loss = trainer.fit(x, y)
    print(int(steps), float(loss))
    return None
