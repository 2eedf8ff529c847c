# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hyphenated" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 PageRenderer.render scans over lines and runs its callback list in the body; HyphenStatsHook.on_line calls self.bound.observe, a model.bind(variables) without mutable that writes the "stats" collection
"""Typesetting: render a galley and let plug-in hooks watch each line as it is set.

Hooks are registered on the renderer the way the composing-room service loads them from its
config: a rivers-of-white-space checker and a hyphenation-statistics hook.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class HyphenationModel(nn.Module):
    def setup(self):
        self.break_score = nn.Dense(1)
        self.hyphenated = self.variable("stats", "hyphenated", lambda: jnp.zeros(()))

    def __call__(self, line):
        return nn.sigmoid(self.break_score(line))[0]

    def observe(self, line):
        score = self(line)
        self.hyphenated.value = self.hyphenated.value + (score > 0.5)
        return score


class LineHook:
    def on_line(self, line):
        raise NotImplementedError


class RiverHook(LineHook):
    def on_line(self, line):
        return jnp.abs(jnp.diff(line)).max()


class HyphenStatsHook(LineHook):
    def __init__(self, model: HyphenationModel, variables):
        self.bound = model.bind(variables)

    def on_line(self, line):
        return self.bound.observe(line)


class PageRenderer:
    def __init__(self, hooks: list[LineHook]):
        self.hooks = hooks

    def render(self, galley):
        def set_line(total, line):
            signals = jnp.stack([hook.on_line(line) for hook in self.hooks])
            return total + signals, None

        totals, _ = lax.scan(set_line, jnp.zeros(len(self.hooks)), galley)
        return totals


def main():
    galley = jax.random.uniform(jax.random.key(8), (9, 14))
    model = HyphenationModel()
    variables = model.init(jax.random.key(0), galley[0], method=HyphenationModel.observe)
    renderer = PageRenderer([RiverHook(), HyphenStatsHook(model, variables)])
    totals = renderer.render(galley)
    print("hook totals", totals)
    return None


if __name__ == "__main__":
    main()
