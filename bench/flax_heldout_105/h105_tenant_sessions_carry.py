# label: ok
# flax-error: none
# class: 4 the while_loop body reaches service.sessions[tenant].bound and calls step(); the last hidden state leaves the loop in the carry
"""Support-desk reply drafting: each tenant has its own fine-tuned token model.

DraftingService holds a dict of sessions keyed by tenant id; a session holds the tenant's
model bound to its variables. draft() extends a reply greedily until an end token or the
length budget; the last hidden state comes back with the draft.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB, END = 32, 0


class ReplyDecoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(VOCAB, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(VOCAB)

    def step(self, h, token):
        h, _ = self.cell(h, self.embed(token))
        return h, self.out(h)

    def step_cached(self, h, token):
        h, logits = self.step(h, token)
        self.put_variable("cache", "last_hidden", h)
        return h, logits

    def __call__(self, h, token):
        return self.step(h, token)


class TenantSession:
    def __init__(self, tenant_id, model, variables):
        self.tenant_id = tenant_id
        self.bound = model.bind(variables)


class DraftingService:
    def __init__(self):
        self.sessions: dict[str, TenantSession] = {}

    def open(self, tenant_id, seed):
        model = ReplyDecoder()
        variables = model.init(jax.random.key(seed), jnp.zeros((16,)), jnp.array(1))
        self.sessions[tenant_id] = TenantSession(tenant_id, model, variables)

    def draft(self, tenant_id, prompt_token, max_len=6):
        def cond(state):
            i, _, token, _ = state
            return (i < max_len) & (token != END)

        def body(state):
            i, h, token, out = state
            h, logits = self.sessions[tenant_id].bound.step(h, token)
            token = jnp.argmax(logits[1:]) + 1
            return i + 1, h, token, out.at[i].set(token)

        init = (0, jnp.zeros((16,)), prompt_token, jnp.zeros((max_len,), jnp.int32))
        _, last_hidden, _, out = lax.while_loop(cond, body, init)
        return out, last_hidden


def main():
    service = DraftingService()
    service.open("acme-insurance", 0)
    service.open("northwind-travel", 1)
    for tenant in service.sessions:
        service.draft(tenant, jnp.array(5))
    return None
