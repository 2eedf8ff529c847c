# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "running" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 SpeculativeDecoder keeps DraftRunner and TargetRunner objects around model.apply; the jax.checkpoint-wrapped scan body calls the draft runner on a cached decoder without mutable=['cache']
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CachedLM(nn.Module):
    vocab: int = 16
    dim: int = 8

    @nn.compact
    def __call__(self, tok):
        h = nn.Embed(self.vocab, self.dim)(tok)
        running = self.variable("cache", "running", jnp.zeros, h.shape)
        count = self.variable("cache", "count", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            running.value = running.value + h
            count.value = count.value + 1
        h = h + running.value / jnp.maximum(count.value, 1)
        return nn.Dense(self.vocab)(h)


class DraftRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def propose(self, tok):
        logits = self.model.apply(self.variables, tok)
        return jnp.argmax(logits, -1)


class TargetRunner:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def score(self, tok, cache):
        logits, _ = self.model.apply({"params": self.params, "cache": cache}, tok, mutable=["cache"])
        return jnp.argmax(logits, -1)


class SpeculativeDecoder:
    def __init__(self, draft: DraftRunner, target: TargetRunner, target_cache):
        self.draft = draft
        self.target = target
        self.target_cache = target_cache

    def decode(self, tok, steps):
        @jax.checkpoint
        def body(tok, _):
            proposal = self.draft.propose(tok)
            verified = self.target.score(proposal, self.target_cache)
            accepted = jnp.where(proposal == verified, proposal, verified)
            return accepted, accepted

        _, toks = lax.scan(body, tok, None, length=steps)
        return toks


def main():
    tok = jnp.zeros((1,), jnp.int32)
    draft_model, target_model = CachedLM(dim=4), CachedLM(dim=8)
    dvars = draft_model.init(jax.random.PRNGKey(0), tok)
    tvars = target_model.init(jax.random.PRNGKey(1), tok)
    dec = SpeculativeDecoder(DraftRunner(draft_model, dvars), TargetRunner(target_model, tvars["params"]), tvars["cache"])
    dec.decode(tok, 4)
    return None
