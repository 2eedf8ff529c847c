# label: ok
# flax-error: none
# class: 4 the last parameters of the model merged in the fori_loop body leave in the carry and reach the Trainer's ExportHook after the loop
"""Fine-tuning a population pharmacokinetic surrogate; hooks export the parameters for the dosing service."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PKSurrogate(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)  # dose mg/kg, body weight, hours since dose
        self.conc = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.conc(nnx.tanh(self.hidden(x))))[:, 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Hook:
    def on_step(self, step, params, loss):
        pass

    def on_end(self, model):
        pass


class ExportHook(Hook):
    def __init__(self):
        self.params = None
        self.loss = None

    def on_step(self, step, params, loss):
        self.params, self.loss = params, loss

    def on_end(self, model):
        nnx.update(model, self.params)


class Trainer:
    def __init__(self, model, hooks, lr=0.05):
        self.model = model
        self.hooks = hooks
        self.lr = lr

    def train(self, x, y, n_steps):
        graphdef, state = nnx.split(self.model)
        last_params = nnx.state(self.model, nnx.Param)

        def body(i, carry):
            state, _, _ = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return nnx.state(model), nnx.state(model, nnx.Param), loss

        state, last_params, last_loss = lax.fori_loop(0, n_steps, body, (state, last_params, jnp.zeros(())))
        nnx.update(self.model, state)
        for hook in self.hooks:
            hook.on_step(n_steps - 1, last_params, last_loss)
            hook.on_end(self.model)
        return mse(self.model, x, y)


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.uniform(k1, (64, 3)) * jnp.array([10.0, 90.0, 24.0])
    y = x[:, 0] * jnp.exp(-0.2 * x[:, 2]) / (0.01 * x[:, 1]) + 0.05 * jax.random.normal(k2, (64,))
    trainer = Trainer(PKSurrogate(rngs=nnx.Rngs(0)), hooks=[ExportHook()])
    trainer.train(x / 10.0, y, n_steps=20)
    return None
