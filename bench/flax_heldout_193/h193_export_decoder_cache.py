# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 ServingExporter keeps functools.partial(model.apply, {"params", "cache"}) as self.serve_step; the fori_loop body of the traced generate function calls it
"""Export path for a tiny autocomplete decoder: the greedy generate loop is traced with jax.jit
and lowered to StableHLO for the serving fleet. The decoder keeps its recurrent state in a
"cache" collection, as the production attention decoders do."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class StepDecoder(nn.Module):
    vocab_size: int = 40
    dim: int = 16

    @nn.compact
    def __call__(self, token):
        embed = nn.Embed(self.vocab_size, self.dim)(token)
        state = self.variable("cache", "state", jnp.zeros, (self.dim,))
        position = self.variable("cache", "position", lambda: jnp.zeros((), jnp.int32))
        hidden = jnp.tanh(nn.Dense(self.dim)(jnp.concatenate([embed, state.value])))
        state.value = hidden
        position.value = position.value + 1
        return nn.Dense(self.vocab_size)(hidden)


class ServingExporter:
    def __init__(self, model, params, max_new_tokens: int):
        self.model = model
        self.max_new_tokens = max_new_tokens
        cache = model.init(jax.random.key(0), jnp.zeros((), jnp.int32))["cache"]
        self.serve_step = functools.partial(model.apply, {"params": params, "cache": cache})

    def _generate(self, first_token):
        def body(i, carry):
            token, out = carry
            logits = self.serve_step(token)
            token = jnp.argmax(logits).astype(jnp.int32)
            return token, out.at[i].set(token)

        init = (first_token, jnp.zeros((self.max_new_tokens,), jnp.int32))
        _, tokens = lax.fori_loop(0, self.max_new_tokens, body, init)
        return tokens

    def export(self, example_token):
        lowered = jax.jit(self._generate).lower(example_token)
        return lowered.as_text()


def main():
    model = StepDecoder()
    params = model.init(jax.random.key(1), jnp.zeros((), jnp.int32))["params"]
    exporter = ServingExporter(model, params, max_new_tokens=6)
    module_text = exporter.export(jnp.array(3, jnp.int32))
    print("exported", len(module_text), "characters of StableHLO")
    return None
