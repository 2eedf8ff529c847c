# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_line" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 LineContextModel.__call__ runs the while_loop and its body calls step functions looked up in the decorator registry STEP_REGISTRY, one of which writes the module's "cache" collection through put_variable
"""OCR post-correction: carry the previous line's context into the next line's decoding."""
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import while_loop

STEP_REGISTRY = {}


def register_step(name):
    def wrap(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return wrap


@register_step("normalise")
def normalise(module, line_vec):
    return line_vec / (jnp.linalg.norm(line_vec) + 1e-6)


@register_step("cache_line")
def cache_line(module, line_vec):
    module.put_variable("cache", "last_line", line_vec)
    return line_vec


class LineContextModel(linen.Module):
    width: int = 6
    steps: tuple = ("normalise", "cache_line")

    def setup(self):
        self.encoder = linen.Dense(self.width)

    def encode(self, lines):
        return linen.tanh(self.encoder(lines))

    def __call__(self, lines):
        encoded = self.encode(lines)
        pipeline = [STEP_REGISTRY[name] for name in self.steps]

        def more(state):
            return state[0] < encoded.shape[0]

        def advance(state):
            i, context, out = state
            vec = encoded[i] + 0.5 * context
            for fn in pipeline:
                vec = fn(self, vec)
            return i + 1, vec, out.at[i].set(vec)

        _, _, out = while_loop(more, advance, (0, jnp.zeros(self.width), jnp.zeros_like(encoded)))
        return out


def main():
    lines = jnp.sin(jnp.arange(4 * 6, dtype=jnp.float32)).reshape(4, 6)
    model = LineContextModel()
    variables = model.init(jax.random.key(0), lines, method=LineContextModel.encode)
    contextual = model.apply(variables, lines)
    jax.block_until_ready(contextual)
