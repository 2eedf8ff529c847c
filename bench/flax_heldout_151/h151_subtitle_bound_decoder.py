# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body calls session.bound.step, a model.bind(..., mutable=['cache']) held by a session copied from the service's template
"""Live subtitle generator.

The captioning service keeps one template DecodeSession holding a bound
decoder (model.bind with a mutable 'cache'); every request gets a shallow
copy of the template and greedily decodes tokens until the end token or the
length budget. The running hidden state lives in the decoder's cache.
"""
import copy
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CaptionConfig:
    vocab: int = 16
    width: int = 8
    max_tokens: int = 6
    end_token: int = 0


class CaptionDecoder(nn.Module):
    config: CaptionConfig

    def setup(self):
        cfg = self.config
        self.embed = nn.Embed(cfg.vocab, cfg.width)
        self.readout = nn.Dense(cfg.vocab)
        self.hidden = self.variable("cache", "hidden", jnp.zeros, (cfg.width,))

    def __call__(self, token):
        return self.step(token)

    def step(self, token):
        self.hidden.value = jnp.tanh(0.5 * self.hidden.value + self.embed(token))
        return self.readout(self.hidden.value)


class DecodeSession:
    def __init__(self, bound, config):
        self.bound = bound
        self.config = config

    def generate(self, first_token):
        cfg = self.config

        def keep_going(state):
            i, token, _ = state
            return (i < cfg.max_tokens) & (token != cfg.end_token)

        def emit(state):
            i, token, out = state
            token = jnp.argmax(self.bound.step(token)).astype(jnp.int32)
            return i + 1, token, out.at[i].set(token)

        init = (0, jnp.int32(first_token), jnp.full((cfg.max_tokens,), -1, jnp.int32))
        return lax.while_loop(keep_going, emit, init)[2]

    def hidden_energy(self):
        return jnp.sum(self.bound.variables["cache"]["hidden"] ** 2)


class CaptionService:
    def __init__(self, config):
        model = CaptionDecoder(config)
        variables = model.init(jax.random.key(7), jnp.int32(1))
        self._template = DecodeSession(model.bind(variables, mutable=["cache"]), config)

    def caption(self, first_token):
        session = copy.copy(self._template)
        tokens = session.generate(first_token)
        return tokens, session.hidden_energy()


def main():
    service = CaptionService(CaptionConfig())
    service.caption(3)
    return None
