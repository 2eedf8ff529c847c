# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an experiment's plugin registry holds an LRMonitor whose on_step stores the traced schedule value on self; the scan body (split/merge training) fires the plugins and the report reads the value afterwards
"""Experiment framework: plugins observe each training step of an NNX model scanned with split/merge."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Plugin:
    def on_step(self, step, metrics):
        pass


class LRMonitor(Plugin):
    def __init__(self, schedule):
        self.schedule = schedule
        self.last_lr = None

    def on_step(self, step, metrics):
        self.last_lr = self.schedule(step)


class Experiment:
    plugins: dict = {}

    def __init__(self, model, schedule):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(schedule), wrt=nnx.Param)
        self.plugins = {"lr": LRMonitor(schedule)}

    def train(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            step, state = carry
            model, opt = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            opt.update(model, grads)
            for plugin in self.plugins.values():
                plugin.on_step(step, {"loss": loss})
            return (step + 1, nnx.state((model, opt))), loss

        (_, state), losses = jax.lax.scan(body, (0, state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses

    def report(self):
        return {"final_lr": jnp.asarray(self.plugins["lr"].last_lr) * 1.0}


def main():
    schedule = optax.warmup_cosine_decay_schedule(0.0, 0.1, 2, 10)
    exp = Experiment(nnx.Linear(3, 1, rngs=nnx.Rngs(0)), schedule)
    exp.train(jnp.ones((4, 8, 3)), jnp.zeros((4, 8, 1)))
    jax.block_until_ready(exp.report())
    return None
