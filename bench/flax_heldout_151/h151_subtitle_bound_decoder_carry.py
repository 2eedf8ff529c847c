# label: ok
# flax-error: none
# class: 4 the while_loop body applies the module unbound from session.bound (a session copied from the service's template); the cache travels in the loop carry and is bound again after
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
            i, token = state[0], state[1]
            return (i < cfg.max_tokens) & (token != cfg.end_token)

        module, variables = self.bound.unbind()
        params = variables["params"]

        def emit(state):
            i, token, out, cache = state
            logits, updates = module.apply(
                {"params": params, "cache": cache}, token, method="step", mutable=["cache"])
            token = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, token, out.at[i].set(token), updates["cache"]

        init = (0, jnp.int32(first_token), jnp.full((cfg.max_tokens,), -1, jnp.int32), variables["cache"])
        _, _, out, cache = lax.while_loop(keep_going, emit, init)
        self.bound = module.bind({"params": params, "cache": cache}, mutable=["cache"])
        return out

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
