# label: ok
# flax-error: none
# class: 5 a step builder registered with @register_step("triage") closes over model.apply and variables; with TriageConfig(track_stats=False) the model in the while_loop body only reads its amount EMA
"""Insurance claims triage: works through the day's claim queue until the
adjusters' review budget is used up, scoring each claim for fast-track."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

STEP_BUILDERS = {}


def register_step(name):
    def decorate(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorate


@dataclasses.dataclass(frozen=True)
class TriageConfig:
    budget: float = 3.0
    track_stats: bool = True


class ClaimTriage(nn.Module):
    update_stats: bool = True

    @nn.compact
    def __call__(self, claim):
        ema = self.variable("batch_stats", "amount_ema", lambda: jnp.zeros(()))
        if self.update_stats:
            ema.value = 0.95 * ema.value + 0.05 * claim[0]
        feats = jnp.concatenate([claim, (claim[:1] - ema.value)])
        return jax.nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(8)(feats))))[0]


@register_step("triage")
def build_triage_step(model, variables, cfg):
    model = model.clone(update_stats=cfg.track_stats)

    def step(state):
        i, spent, queue, review = state
        p_fast = model.apply(variables, queue[i])
        cost = 1.0 - p_fast
        return i + 1, spent + cost, queue, review.at[i].set(p_fast < 0.5)

    return step


def run_queue(kind, model, variables, queue, cfg):
    step = STEP_BUILDERS[kind](model, variables, cfg)

    def cond(state):
        i, spent, _, _ = state
        return (i < queue.shape[0]) & (spent < cfg.budget)

    init = (0, jnp.zeros(()), queue, jnp.zeros(queue.shape[0], bool))
    n_done, spent, _, review = lax.while_loop(cond, step, init)
    return n_done, review


def main():
    queue = jnp.abs(jax.random.normal(jax.random.key(5), (9, 4)))
    model = ClaimTriage()
    variables = model.init(jax.random.key(6), queue[0])
    n_done, review = run_queue("triage", model, variables, queue, TriageConfig(track_stats=False))
    print(int(n_done), review)
    return None
