# label: ok
# flax-error: none
# class: 4 the scan body returns the sown router statistics as ys and the LoadBalanceTracker records them after the loop
"""Mixture-of-experts layer whose router sows per-expert load fractions; a LoadBalanceTracker
collects them each step of the training scan and reports the imbalance afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class Router(nn.Module):
    num_experts: int

    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(self.num_experts, use_bias=False)(x)
        probs = jax.nn.softmax(logits, axis=-1)
        top1 = jnp.argmax(probs, axis=-1)
        load = jnp.mean(jax.nn.one_hot(top1, self.num_experts), axis=0)
        importance = jnp.mean(probs, axis=0)
        self.sow("intermediates", "load", load)
        self.sow("intermediates", "importance", importance)
        return probs, top1


class MoELayer(nn.Module):
    num_experts: int = 4
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        probs, top1 = Router(self.num_experts)(x)
        experts = [nn.Dense(self.hidden, name=f"expert_{e}") for e in range(self.num_experts)]
        outs = jnp.stack([e(x) for e in experts], axis=1)
        chosen = jnp.take_along_axis(outs, top1[:, None, None], axis=1)[:, 0]
        return chosen * jnp.max(probs, axis=-1, keepdims=True)


class LoadBalanceTracker:
    def __init__(self):
        self.records = []

    def record(self, intermediates):
        router = intermediates["Router_0"]
        for load, importance in zip(router["load"][0], router["importance"][0]):
            self.records.append((load, importance))

    def imbalance(self):
        loads = jnp.stack([l for l, _ in self.records])
        return float(jnp.max(loads) * loads.shape[-1])


def main():
    model = MoELayer()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((8, 16)))
    params = variables["params"]
    tx = optax.adam(1e-3)
    tracker = LoadBalanceTracker()

    def body(carry, x):
        params, opt_state = carry

        def loss_fn(p):
            y, state = model.apply({"params": p}, x, mutable=["intermediates"])
            router = state["intermediates"]["Router_0"]
            aux = model.num_experts * jnp.sum(router["load"][0] * router["importance"][0])
            return jnp.mean(y ** 2) + 0.01 * aux, state["intermediates"]

        (loss, inter), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), (loss, inter)

    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 8, 16))
    _, (losses, inters) = lax.scan(body, (params, tx.init(params)), xs)
    tracker.record(inters)
    tracker.imbalance()
