# label: ok
# flax-error: none
# class: 3 a module-level fitness function receives the NNX policy and a stacked population of Param states; the scan body nnx.merge()s the graphdef with each member
"""Evolution strategies: score a population of perturbed NNX policies one member at a time."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Policy(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def perturb(params, key, pop_size, sigma):
    leaves, treedef = jax.tree.flatten(params)
    keys = jax.random.split(key, len(leaves))
    noise = [jax.random.normal(k, (pop_size,) + l.shape) for k, l in zip(keys, leaves)]
    return jax.tree.unflatten(treedef, [l + sigma * n for l, n in zip(leaves, noise)])


def population_fitness(policy, population, obs):
    graphdef, _ = nnx.split(policy, nnx.Param)

    def score(_, member_params):
        member = nnx.merge(graphdef, member_params)
        return None, -jnp.mean((member(obs) - 0.5) ** 2)

    _, fitness = jax.lax.scan(score, None, population)
    return fitness


def main():
    policy = Policy(3, 2, rngs=nnx.Rngs(0))
    params = nnx.state(policy, nnx.Param)
    population = perturb(params, jax.random.key(5), pop_size=6, sigma=0.05)
    obs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    population_fitness(policy, population, obs)
    return None
