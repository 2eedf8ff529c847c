# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "queried" in "/EnsembleScorer_0" because collection "counts" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an acquisition helper bound with functools.partial increments a 'counts' variable of the scorer inside jax.lax.fori_loop
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class EnsembleScorer(nn.Module):
    n_members: int = 4
    n_classes: int = 3

    pool_size: int = 16

    def setup(self):
        self.heads = [nn.Dense(self.n_classes) for _ in range(self.n_members)]
        self.queried = self.variable("counts", "queried", lambda: jnp.zeros((self.pool_size,), jnp.int32))

    def __call__(self, x):
        return jnp.stack([jax.nn.softmax(h(x)) for h in self.heads])   # [M, N, C]


def entropy(p):
    return -jnp.sum(p * jnp.log(p + 1e-9), -1)


def bald_round(scorer, pool, i, selected):
    probs = scorer(pool)
    score = entropy(probs.mean(0)) - entropy(probs).mean(0)
    score = jnp.where(selected, -jnp.inf, score)
    pick = jnp.argmax(score)
    scorer.queried.value = scorer.queried.value.at[pick].add(1)
    return selected.at[pick].set(True)


class ActiveLearner(nn.Module):
    budget: int = 3

    @nn.compact
    def __call__(self, pool):
        scorer = EnsembleScorer()
        if self.is_initializing():
            scorer(pool)
            return jnp.zeros(pool.shape[0], bool)
        step = functools.partial(bald_round, scorer, pool)
        return lax.fori_loop(0, self.budget, step, jnp.zeros(pool.shape[0], bool))


def main():
    pool = jax.random.normal(jax.random.PRNGKey(3), (16, 5))
    model = ActiveLearner()
    variables = model.init(jax.random.PRNGKey(0), pool)
    selected = model.apply(variables, pool)
    print(int(selected.sum()))
    return None
