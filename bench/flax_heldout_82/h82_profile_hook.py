# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 trainer passes per-step metrics to attached profiling hooks from inside the scan body; a hook keeps them on itself and summarises after the loop
"""A small trainer with a hook system (on_step / on_end) used for profiling and logging."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


class Hook:
    def on_step(self, step, metrics):
        pass

    def on_end(self):
        return {}


class ProfileHook(Hook):
    def __init__(self):
        self.losses = []
        self.grad_norms = []

    def on_step(self, step, metrics):
        self.losses.append(metrics["loss"])
        self.grad_norms.append(metrics["grad_norm"])

    def on_end(self):
        return {"mean_loss": jnp.mean(jnp.stack(self.losses)),
                "max_grad_norm": jnp.max(jnp.stack(self.grad_norms))}


class Trainer:
    def __init__(self, model, tx, hooks):
        self.model, self.tx, self.hooks = model, tx, hooks

    def fit(self, params, xs, ys):
        opt_state = self.tx.init(params)

        def loss_fn(p, x, y):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def train_step(carry, batch):
            p, o, step = carry
            loss, g = jax.value_and_grad(loss_fn)(p, *batch)
            for hook in self.hooks:
                hook.on_step(step, {"loss": loss, "grad_norm": optax.global_norm(g)})
            updates, o = self.tx.update(g, o, p)
            return (optax.apply_updates(p, updates), o, step + 1), None

        (params, _, _), _ = lax.scan(train_step, (params, opt_state, 0), (xs, ys))
        return params, [hook.on_end() for hook in self.hooks]


def main():
    model = MLP()
    xs, ys = jnp.ones((5, 4, 3)), jnp.zeros((5, 4, 1))
    params = model.init(jax.random.PRNGKey(0), xs[0])["params"]
    trainer = Trainer(model, optax.adam(1e-3), [ProfileHook()])
    trainer.fit(params, xs, ys)
    return None
