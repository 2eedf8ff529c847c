# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the decoder's cache collection reaches the scan body via TranslationService -> BeamSearcher.apply_fn, applied without mutable
"""Translation service: a request handler drives a beam searcher over a cached Linen decoder."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 32


class CachedDecoder(nn.Module):
    vocab: int = VOCAB
    features: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(self.vocab, self.features)(tokens)
        is_initialized = self.has_variable("cache", "history")
        history = self.variable("cache", "history", jnp.zeros, (tokens.shape[0], self.max_len, self.features))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if is_initialized:
            history.value = jax.lax.dynamic_update_slice(history.value, emb[:, None, :], (0, index.value, 0))
            index.value = index.value + 1
        ctx = history.value.sum(axis=1) + emb
        return nn.Dense(self.vocab)(nn.tanh(ctx))


@dataclasses.dataclass(frozen=True)
class BeamConfig:
    beam_size: int = 4
    max_len: int = 6


class BeamSearcher:
    def __init__(self, model, variables, config):
        self.config = config
        self.params = variables["params"]
        self.init_cache = variables["cache"]
        self.apply_fn = lambda cache, tokens: model.apply({"params": self.params, "cache": cache}, tokens)

    def search(self, batch_size):
        cfg = self.config
        n = batch_size * cfg.beam_size
        cache = self.init_cache

        def step(carry, _):
            tokens, scores = carry
            logits = self.apply_fn(cache, tokens)
            logp = jax.nn.log_softmax(logits).reshape(batch_size, cfg.beam_size, -1)
            cand = (scores[..., None] + logp).reshape(batch_size, -1)
            top_scores, top_idx = jax.lax.top_k(cand, cfg.beam_size)
            next_tokens = (top_idx % VOCAB).reshape(n)
            return (next_tokens, top_scores), next_tokens

        init = (jnp.zeros((n,), jnp.int32), jnp.zeros((batch_size, cfg.beam_size)))
        (_, final_scores), seqs = jax.lax.scan(step, init, None, length=cfg.max_len)
        return seqs.T, final_scores


class TranslationService:
    def __init__(self, batch_size=2, seed=0):
        config = BeamConfig()
        self.model = CachedDecoder(max_len=config.max_len)
        variables = self.model.init(jax.random.PRNGKey(seed), jnp.zeros((batch_size * config.beam_size,), jnp.int32))
        self.searcher = BeamSearcher(self.model, variables, config)

    def handle(self, request):
        tokens, scores = self.searcher.search(request["batch_size"])
        return {"tokens": tokens, "scores": scores}


def main():
    service = TranslationService()
    response = service.handle({"batch_size": 2})
    jax.block_until_ready(response["scores"])
    return None
