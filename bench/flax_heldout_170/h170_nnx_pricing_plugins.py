# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 plugins built by a factory from a nested dict; make_refit_step returns a step that calls EmaPlugin.after_update, which stores nnx.state of the model merged in the fori_loop body on the plugin
"""Insurance pricing engine: nightly refit of the tariff model with plugins from the engine config."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class TariffModel(nnx.Module):
    def __init__(self, n_factors, rngs: nnx.Rngs):
        self.relativities = nnx.Linear(n_factors, 1, rngs=rngs)

    def __call__(self, factors):
        return 100.0 * jnp.exp(self.relativities(factors)[..., 0])


class GradClipPlugin:
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def before_update(self, grads):
        norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
        return jax.tree.map(lambda g: g * jnp.minimum(1.0, self.max_norm / (norm + 1e-9)), grads)

    def after_update(self, model):
        pass


class EmaPlugin:
    def __init__(self, decay):
        self.decay = decay
        self.shadow = None

    def before_update(self, grads):
        return grads

    def after_update(self, model):
        params = nnx.state(model, nnx.Param)
        if self.shadow is None:
            self.shadow = params
        else:
            self.shadow = jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, self.shadow, params)

    def export_into(self, model):
        nnx.update(model, self.shadow)


PLUGIN_TYPES = {"clip": GradClipPlugin, "ema": EmaPlugin}


def build_plugins(config):
    return [PLUGIN_TYPES[name](**options) for name, options in config["refit"]["plugins"].items()]


def make_refit_step(graphdef, plugins, factors, claims, lr):
    def refit_step(i, state):
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((jnp.log(m(factors[i])) - jnp.log(claims[i])) ** 2))(model)
        for plugin in plugins:
            grads = plugin.before_update(grads)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, nnx.state(model, nnx.Param), grads))
        for plugin in plugins:
            plugin.after_update(model)
        return nnx.state(model)

    return refit_step


def main():
    config = {"refit": {"lr": 0.1, "plugins": {"clip": {"max_norm": 1.0}, "ema": {"decay": 0.9}}}}
    factors = jax.random.normal(jax.random.key(0), (10, 32, 6))  # nights x policies x rating factors
    claims = 100.0 * jnp.exp(factors @ jnp.linspace(-0.2, 0.3, 6))
    model = TariffModel(6, nnx.Rngs(0))
    plugins = build_plugins(config)
    graphdef, state = nnx.split(model)
    step = make_refit_step(graphdef, plugins, factors, claims, config["refit"]["lr"])
    state = fori_loop(0, factors.shape[0], step, state)
    nnx.update(model, state)
    plugins[-1].export_into(model)
    model(factors[0])
    return None
