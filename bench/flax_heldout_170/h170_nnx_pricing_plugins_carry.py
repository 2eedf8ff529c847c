# label: ok
# flax-error: none
# class: 5 plugins built by a factory from a nested dict; make_refit_step returns a step whose fori_loop carry holds the model state and each plugin's state, EmaPlugin's shadow included
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

    def init(self, model):
        return ()

    def before_update(self, grads):
        norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
        return jax.tree.map(lambda g: g * jnp.minimum(1.0, self.max_norm / (norm + 1e-9)), grads)

    def after_update(self, plugin_state, model):
        return plugin_state


class EmaPlugin:
    def __init__(self, decay):
        self.decay = decay
        self.shadow = None

    def init(self, model):
        return nnx.state(model, nnx.Param)

    def before_update(self, grads):
        return grads

    def after_update(self, shadow, model):
        params = nnx.state(model, nnx.Param)
        return jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, shadow, params)

    def export_into(self, model):
        nnx.update(model, self.shadow)


PLUGIN_TYPES = {"clip": GradClipPlugin, "ema": EmaPlugin}


def build_plugins(config):
    return [PLUGIN_TYPES[name](**options) for name, options in config["refit"]["plugins"].items()]


def make_refit_step(graphdef, plugins, factors, claims, lr):
    def refit_step(i, carry):
        state, plugin_states = carry
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((jnp.log(m(factors[i])) - jnp.log(claims[i])) ** 2))(model)
        for plugin in plugins:
            grads = plugin.before_update(grads)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, nnx.state(model, nnx.Param), grads))
        plugin_states = [p.after_update(s, model) for p, s in zip(plugins, plugin_states)]
        return nnx.state(model), plugin_states

    return refit_step


def main():
    config = {"refit": {"lr": 0.1, "plugins": {"clip": {"max_norm": 1.0}, "ema": {"decay": 0.9}}}}
    factors = jax.random.normal(jax.random.key(0), (10, 32, 6))  # nights x policies x rating factors
    claims = 100.0 * jnp.exp(factors @ jnp.linspace(-0.2, 0.3, 6))
    model = TariffModel(6, nnx.Rngs(0))
    plugins = build_plugins(config)
    graphdef, state = nnx.split(model)
    step = make_refit_step(graphdef, plugins, factors, claims, config["refit"]["lr"])
    state, plugin_states = fori_loop(0, factors.shape[0], step, (state, [p.init(model) for p in plugins]))
    nnx.update(model, state)
    for plugin, plugin_state in zip(plugins, plugin_states):
        plugin.shadow = plugin_state
    plugins[-1].export_into(model)
    model(factors[0])
    return None
